import type { ShippingAddress } from '@leafline/contract/cart';
import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddressForm } from '@/components/address/address-form';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { Notice } from '@/components/ui/notice';
import { RetryNotice } from '@/components/ui/retry-notice';
import { addressLines } from '@/lib/shipping-address';
import { useSaveShippingAddress } from '../api/save-shipping-address';
import { CHECKOUT_TEXTS } from '../lib/checkout-texts';

/**
 * The checkout's shipping address (SPEC §2 Checkout): the saved one with Edit address, or
 * the form when there is none yet or it is being edited; a retry when it could not load.
 */
export function ShippingAddressSection({
  savedAddress,
  addressFailed,
  onRetryAddress,
}: {
  savedAddress: ShippingAddress | null;
  addressFailed: boolean;
  onRetryAddress: () => void;
}) {
  const save = useSaveShippingAddress();
  const [editing, setEditing] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const showForm = !addressFailed && (editing || savedAddress === null);

  return (
    <CardSection
      id="shipping-address"
      title={
        <>
          <MapPin aria-hidden="true" className="size-5 text-sage-700" />
          Shipping address
        </>
      }
      raised
      headingClassName="flex items-center gap-2"
    >
      <p className="mt-1 text-sm text-ink-muted">We currently ship to addresses in the US.</p>
      <div className="mt-5">
        {addressFailed ? (
          <RetryNotice message={CHECKOUT_TEXTS.loadAddressFailed} onRetry={onRetryAddress} />
        ) : showForm ? (
          <AddressForm
            initial={savedAddress}
            save={save.mutateAsync}
            saving={save.isPending}
            onSaved={() => {
              setEditing(false);
              setJustSaved(true);
            }}
            onCancel={savedAddress ? () => setEditing(false) : undefined}
          />
        ) : savedAddress ? (
          <SavedAddress
            address={savedAddress}
            justSaved={justSaved}
            onEdit={() => {
              setJustSaved(false);
              setEditing(true);
            }}
          />
        ) : null}
      </div>
    </CardSection>
  );
}

/** The saved address with Edit address (and, just after saving, that it was saved). */
function SavedAddress({
  address,
  justSaved,
  onEdit,
}: {
  address: ShippingAddress;
  justSaved: boolean;
  onEdit: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {justSaved ? <Notice tone="success">{CHECKOUT_TEXTS.addressSaved}</Notice> : null}
      <address className="not-italic leading-relaxed" data-testid="saved-address">
        {addressLines(address).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit address
        </Button>
        <Link
          to="/account/addresses"
          className="text-sm font-medium text-forest-900 underline underline-offset-4"
        >
          Ship to another saved address
        </Link>
      </div>
    </div>
  );
}
