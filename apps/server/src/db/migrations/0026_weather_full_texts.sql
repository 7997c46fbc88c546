-- A drafted weather alert's whole text per language, for its public page when the SMS was
-- shortened to fit 1,600 characters (decision 0052).
ALTER TABLE "weather_alerts" ADD COLUMN "full_texts" jsonb DEFAULT '{}'::jsonb NOT NULL;