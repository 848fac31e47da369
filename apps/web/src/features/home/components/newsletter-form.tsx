import { NEWSLETTER_MESSAGES } from '@leafline/contract/newsletter';
import Mail from 'lucide-react/icons/mail';
import { type FormEvent, useId, useState } from 'react';
import { Notice } from '@/components/ui/notice';
import { subscriptionErrorText, useSubscribeNewsletter } from '../api/subscribe-newsletter';

/**
 * The newsletter signup (SPEC §4 Newsletter, §5, §8): idle, 'Processing...', then
 * 'Thank you for subscribing!' or an error text. The address is required and of email type.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscribe = useSubscribeNewsletter();
  const inputId = useId();
  const headingId = useId();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    subscribe.mutate(email.trim(), { onSuccess: () => setEmail('') });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="relative overflow-hidden rounded-card bg-forest-900 px-6 py-10 text-cream sm:px-10 sm:py-12"
    >
      <div
        aria-hidden="true"
        className="absolute -right-20 -bottom-24 size-64 rounded-full bg-forest-800"
      />
      <div className="relative grid gap-6 md:grid-cols-2 md:items-center">
        <div>
          <Mail aria-hidden="true" className="size-7 text-sage-200" />
          <h2 id={headingId} className="mt-3 text-2xl font-semibold text-cream sm:text-3xl">
            Join our newsletter
          </h2>
          <p className="mt-2 max-w-prose text-sage-100">
            New small brands, seasonal favourites and low-waste tips — once a month, no spam.
          </p>
        </div>
        <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate={false}>
          <label htmlFor={inputId} className="text-sm font-medium text-sage-100">
            Email address
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              type="email"
              name="email"
              required
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              placeholder="you@example.com"
              className="min-h-12 w-full flex-1 rounded-full border border-transparent bg-cream px-5 text-base text-ink placeholder:text-ink-muted/70"
            />
            <button
              type="submit"
              disabled={subscribe.isPending}
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-clay-100 px-6 font-semibold text-forest-950 transition-colors hover:bg-white disabled:cursor-wait disabled:opacity-80"
            >
              {subscribe.isPending ? 'Processing...' : 'Subscribe'}
            </button>
          </div>
          <div aria-live="polite" className="min-h-6">
            {subscribe.isSuccess ? (
              <Notice tone="success">{NEWSLETTER_MESSAGES.subscribed}</Notice>
            ) : subscribe.isError ? (
              <Notice tone="error">{subscriptionErrorText(subscribe.error)}</Notice>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
