import { BRAND_NAME } from '@leafline/contract/constants';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PagePlaceholder } from '@/components/ui/page-placeholder';

/*
 * Pages that later releases build. Each says plainly what will be here; the router loads
 * this file lazily, and each page moves to its feature folder when it is built.
 */

export function RegisterBusinessPage() {
  return (
    <PagePlaceholder
      title="Register your business"
      description={`Selling on ${BRAND_NAME} starts here: the business registration form and payout onboarding are coming soon.`}
    />
  );
}

export function DashboardPage() {
  return (
    <PagePlaceholder
      title="Business dashboard"
      description="Your orders, products, shipping fees, store sync and business profile will be managed here."
    />
  );
}

export function QuizPage() {
  return (
    <PagePlaceholder
      title="Find your eco shopping persona"
      description="Ten quick questions will match you with one of six shopping personas and products picked for you."
    />
  );
}

export function FaqsPage() {
  return (
    <PagePlaceholder
      title="Frequently asked questions"
      description="Answers about how we vet brands, returns, payments and joining as a seller are on their way."
    />
  );
}

export function SustainabilityPage() {
  return (
    <PagePlaceholder
      title="Our sustainability standards"
      description="The five criteria every brand meets — starting with at least 80% sustainable materials — will be explained here."
    />
  );
}

export function OurStoryPage() {
  return (
    <PagePlaceholder
      title="Our story"
      description={`How three university students started ${BRAND_NAME} to make shopping small and sustainable simple.`}
    />
  );
}

export function PartnersPage() {
  return (
    <PagePlaceholder
      title="Our partners"
      description="The organisations we work with will be introduced here."
    />
  );
}

export function ForBusinessesPage() {
  return (
    <PagePlaceholder
      title="For businesses"
      description="Sell to shoppers who care: a 3% commission, payouts at the time of purchase, your own storefront and your own shipping rates."
    >
      <Link to="/account/registerbusiness" className={buttonClasses('primary')}>
        Become a Partner
      </Link>
    </PagePlaceholder>
  );
}
