// Migrations 0029, 0030, 0031 and 0032 move columns out of `stations` into 1:1 tables owned by their writers
// (decision 0065): every existing station keeps its values, in its own rows.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths.js';
import { adminQuery } from '../test/db.js';

type TRawDb = { run(sql: string): Promise<{ rows: Record<string, unknown>[] }>; close(): Promise<void> };

/** An empty database of the run's kind, for raw SQL. */
async function emptyDatabase(): Promise<TRawDb> {
  if (process.env.TEST_DB !== 'postgres') {
    const db = new PGlite({ extensions: { pg_trgm } });
    return {
      run: async (sql) => ({ rows: (await db.exec(sql)).at(-1)?.rows ?? [] }),
      close: () => db.close(),
    };
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ms_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    run: async (sql) => {
      const result = (await client.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
    },
    close: async () => {
      await client.end();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

const migrations = fs
  .readdirSync(migrationsFolder)
  .filter((file) => file.endsWith('.sql'))
  .sort();

async function migrate(db: TRawDb, files: string[]) {
  for (const file of files) {
    await db.run(
      fs.readFileSync(path.join(migrationsFolder, file), 'utf8').replaceAll('--> statement-breakpoint', ''),
    );
  }
}

describe('splitting stations (migrations 0029, 0030, 0031, 0032)', async () => {
  const db = await emptyDatabase();
  afterAll(() => db.close());

  it("copies each station's sender, auto-reply, first-run state, policies and billing into its own rows", async () => {
    const splitAt = migrations.findIndex((file) => file.startsWith('0029_'));
    expect(splitAt).toBeGreaterThan(0);
    await migrate(db, migrations.slice(0, splitAt));
    await db.run(`insert into stations
      (slug, name, display_name, privacy_policy_url, terms_url, sms_sender, sms_rate_per_second,
       inbox_auto_reply, first_run_hidden_at, created_at, require_two_factor, review_required_types,
       approval_required_types, approval_bypass_emergency, sms_credits_balance, monthly_credits,
       billing_email, payment_status, payment_expires_at, subscription_tier, stripe_customer_id,
       stripe_subscription_id, payment_failed_at, stripe_state_at)
      values
      ('kown', 'K', 'K', 'p', 't', '+15550001000', 2.5, true, '2026-12-01T00:00:00Z', '2026-01-01T00:00:00Z',
       true, '{alert,station}', '{emergency,alert}', false, 42, 800,
       'billing@kown.test', 'paid', '2027-01-01T00:00:00Z', 'pro', 'cus_kown',
       'sub_kown', '2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z'),
      ('kplain', 'P', 'P', 'p', 't', null, null, false, null, '2026-02-01T00:00:00Z',
       default, default, default, default, default, default,
       default, default, default, default, default,
       default, default, default)`);
    await migrate(db, migrations.slice(splitAt));
    const { rows } = await db.run(`select s.slug, ss.sms_sender, ss.sms_rate_per_second,
        ss.created_at = s.created_at as same_created, i.auto_reply, f.hidden_at is not null as hidden
      from stations s
      join station_sending ss on ss.station_id = s.id
      join station_inbox_settings i on i.station_id = s.id
      join station_first_run f on f.station_id = s.id
      order by s.slug`);
    expect(rows).toEqual([
      {
        slug: 'kown',
        sms_sender: '+15550001000',
        sms_rate_per_second: 2.5,
        same_created: true,
        auto_reply: true,
        hidden: true,
      },
      {
        slug: 'kplain',
        sms_sender: null,
        sms_rate_per_second: null,
        same_created: true,
        auto_reply: false,
        hidden: false,
      },
    ]);
    const moved = await db.run(`select column_name from information_schema.columns
      where table_name = 'stations'
        and column_name in ('sms_sender', 'sms_rate_per_second', 'inbox_auto_reply', 'first_run_hidden_at')`);
    expect(moved.rows).toEqual([]);
    const policies = await db.run(`select s.slug, p.require_two_factor, p.review_required_types,
        p.approval_required_types, p.approval_bypass_emergency, p.created_at = s.created_at as same_created
      from stations s join station_policies p on p.station_id = s.id
      order by s.slug`);
    expect(policies.rows).toEqual([
      {
        slug: 'kown',
        require_two_factor: true,
        review_required_types: ['alert', 'station'],
        approval_required_types: ['emergency', 'alert'],
        approval_bypass_emergency: false,
        same_created: true,
      },
      {
        slug: 'kplain',
        require_two_factor: false,
        review_required_types: ['emergency'],
        approval_required_types: [],
        approval_bypass_emergency: true,
        same_created: true,
      },
    ]);
    const policyColumns = await db.run(`select column_name from information_schema.columns
      where table_name = 'stations' and column_name in ('require_two_factor', 'review_required_types',
        'approval_required_types', 'approval_bypass_emergency')`);
    expect(policyColumns.rows).toEqual([]);
    const billing = await db.run(`select s.slug, b.sms_credits_balance, b.monthly_credits, b.billing_email,
        b.payment_status, b.payment_expires_at = '2027-01-01T00:00:00Z' as expires_copied,
        b.payment_expires_at is null as no_expiry, b.subscription_tier, b.stripe_customer_id,
        b.stripe_subscription_id, b.payment_failed_at = '2026-11-01T00:00:00Z' as failed_copied,
        b.stripe_state_at = '2026-11-02T00:00:00Z' as state_copied, b.created_at = s.created_at as same_created
      from stations s join station_billing b on b.station_id = s.id
      order by s.slug`);
    expect(billing.rows).toEqual([
      {
        slug: 'kown',
        sms_credits_balance: 42,
        monthly_credits: 800,
        billing_email: 'billing@kown.test',
        payment_status: 'paid',
        expires_copied: true,
        no_expiry: false,
        subscription_tier: 'pro',
        stripe_customer_id: 'cus_kown',
        stripe_subscription_id: 'sub_kown',
        failed_copied: true,
        state_copied: true,
        same_created: true,
      },
      {
        slug: 'kplain',
        sms_credits_balance: 0,
        monthly_credits: 500,
        billing_email: null,
        payment_status: 'unpaid',
        expires_copied: null,
        no_expiry: true,
        subscription_tier: 'basic',
        stripe_customer_id: null,
        stripe_subscription_id: null,
        failed_copied: null,
        state_copied: null,
        same_created: true,
      },
    ]);
    const billingColumns = await db.run(`select column_name from information_schema.columns
      where table_name = 'stations' and column_name in ('sms_credits_balance', 'monthly_credits',
        'billing_email', 'payment_status', 'payment_expires_at', 'subscription_tier', 'stripe_customer_id',
        'stripe_subscription_id', 'payment_failed_at', 'stripe_state_at')`);
    expect(billingColumns.rows).toEqual([]);
  });
});
