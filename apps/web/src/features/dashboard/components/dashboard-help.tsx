import { FREE_SHIPPING_RULE_TEXTS } from '@leafline/contract/seller-orders';
import CircleHelp from 'lucide-react/icons/circle-help';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DASHBOARD_SECTIONS } from '@/lib/seller/dashboard-sections';
import { DASHBOARD_TEXTS } from '../lib/dashboard-texts';
import { SECTION_INFO } from '../lib/sections';

/**
 * SPEC §2: the help button and its Dashboard Help modal (focus kept inside, Escape closes):
 * what each section is for, and that payouts shown are after the commission (§1). The button
 * stands out like a floating one but sits in the dashboard's header, in the page's flow, so it
 * never covers a control (issue 24: a fixed button hid the chart's Weekly toggle and payouts).
 */
export function DashboardHelp() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-forest-900 px-4 text-cream shadow-soft hover:bg-forest-800"
      >
        <CircleHelp aria-hidden="true" className="size-5" />
        <span className="text-sm font-medium">{DASHBOARD_TEXTS.helpButton}</span>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={DASHBOARD_TEXTS.helpTitle}>
        {/* No scroll box of its own: the dialog scrolls as a whole, with its controls. */}
        <dl className="flex flex-col gap-3 text-sm">
          {DASHBOARD_SECTIONS.map((section) => (
            <div key={section}>
              <dt className="font-semibold text-forest-900">{SECTION_INFO[section].label}</dt>
              <dd className="mt-0.5 text-ink-muted">{SECTION_INFO[section].help}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 rounded-xl bg-sage-50 px-3 py-2 text-sm font-medium text-forest-900">
          {DASHBOARD_TEXTS.helpPayouts}
        </p>
        <p className="mt-2 text-sm text-ink-muted">{FREE_SHIPPING_RULE_TEXTS.rule}</p>
        <p className="mt-2 text-sm text-ink-muted">{DASHBOARD_TEXTS.syncedOrdersNote}</p>
        <div className="mt-5 flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Close
          </Button>
        </div>
      </Dialog>
    </>
  );
}
