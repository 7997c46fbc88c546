// Landing page (/): hero, why, use cases, screenshot tour, audio demo, pricing, features and a final call.
import { useDocumentTitle } from '../components/use-document-title';
import { AudioDemoSection } from './landing/AudioDemoSection';
import { FeaturesSection } from './landing/FeaturesSection';
import { FinalCtaSection } from './landing/FinalCtaSection';
import { HeroSection } from './landing/HeroSection';
import { PricingSection } from './landing/PricingSection';
import { TourSection } from './landing/TourSection';
import { UseCasesSection } from './landing/UseCasesSection';
import { useScrollToHash } from './landing/use-scroll-to-hash';
import { WhySection } from './landing/WhySection';

export function LandingPage() {
  useDocumentTitle();
  useScrollToHash();
  return (
    <>
      <HeroSection />
      <WhySection />
      <UseCasesSection />
      <TourSection />
      <AudioDemoSection />
      <PricingSection />
      <FeaturesSection />
      <FinalCtaSection />
    </>
  );
}
