import {
  MAX_SAVED_ADDRESSES,
  SAVED_ADDRESS_MESSAGES,
  type SavedAddress,
} from '@leafline/contract/addresses';
import { MESSAGES } from '@leafline/contract/messages';
import MapPin from 'lucide-react/icons/map-pin';
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Star from 'lucide-react/icons/star';
import Trash2 from 'lucide-react/icons/trash-2';
import { useEffect, useState } from 'react';
import { AddressForm } from '@/components/address/address-form';
import { LoginGate } from '@/components/auth/login-gate';
import { Button } from '@/components/ui/button';
import { CardSection } from '@/components/ui/card-section';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { RetryNotice } from '@/components/ui/retry-notice';
import { LoadingRegion, Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { addressLines } from '@/lib/shipping-address';
import { useCreateAddress } from '../api/create-address';
import { useDeleteAddress } from '../api/delete-address';
import { useAddresses } from '../api/get-addresses';
import { useSetDefaultAddress } from '../api/set-default-address';
import { useUpdateAddress } from '../api/update-address';
import { useAccountStatus } from '../hooks/use-account-status';
import { useEndSession } from '../hooks/use-end-session';

const TEXTS = {
  title: 'Addresses',
  lead: 'Where your orders can go. The default address is the one the checkout ships to.',
  empty: 'No saved addresses yet. Add one, and the checkout ships to it.',
  loadFailed: 'Could not load your addresses. Please try again.',
  failed: 'Something went wrong. Please try again.',
} as const;

/** The form's fields of a saved address (without its id and default mark). */
function fieldsOf({ id: _id, is_default: _default, ...fields }: SavedAddress) {
  return fields;
}

/** The account area's saved addresses: list, add, edit, delete, make default. */
export function AddressesPage() {
  useDocumentTitle(TEXTS.title);
  return (
    <LoginGate notice={MESSAGES.pleaseLoginAccountSettings} action="login" loginTone="info">
      <Addresses />
    </LoginGate>
  );
}

function Addresses() {
  const endSession = useEndSession();
  const query = useAddresses();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  /** 'new', an address id being edited, or nothing. */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const [status, setStatus] = useAccountStatus();
  useEffect(() => {
    if (isApiError(query.error, 401)) endSession();
  }, [query.error, endSession]);

  const failed = (error: unknown) => {
    if (isApiError(error, 401)) return endSession();
    setStatus({ tone: 'error', message: errorMessage(error, TEXTS.failed) });
  };
  const saved = (message: string) => {
    setEditing(null);
    setStatus({ tone: 'success', message });
  };

  const addresses = query.data?.addresses ?? [];
  const full = addresses.length >= MAX_SAVED_ADDRESSES;

  return (
    <div>
      <h1 className="text-3xl font-semibold sm:text-4xl">{TEXTS.title}</h1>
      <p className="mt-2 text-ink-muted">{TEXTS.lead}</p>
      <div className="mt-6" aria-live="polite">
        {status ? (
          <Notice tone={status.tone} className="mb-5">
            {status.message}
          </Notice>
        ) : null}
      </div>
      {query.isError && !isApiError(query.error, 401) ? (
        <RetryNotice message={TEXTS.loadFailed} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingRegion label="Loading your addresses…">
          <div className="grid gap-4">
            <Skeleton className="h-40 w-full rounded-card" />
            <Skeleton className="h-40 w-full rounded-card" />
          </div>
        </LoadingRegion>
      ) : (
        <div className="grid gap-4">
          {addresses.length === 0 && editing !== 'new' ? (
            <p className="rounded-card border border-dashed border-sand-300 p-6 text-ink-muted">
              {TEXTS.empty}
            </p>
          ) : null}
          <ul className="grid gap-4" aria-label="Saved addresses">
            {addresses.map((address) => (
              <li key={address.id}>
                {editing === address.id ? (
                  <CardSection id={`address-${address.id}`} title="Edit address" raised>
                    <div className="mt-4">
                      <AddressForm
                        initial={fieldsOf(address)}
                        label="Edit address"
                        submitLabel="Save changes"
                        save={(values) => update.mutateAsync({ id: address.id, ...values })}
                        saving={update.isPending}
                        onSaved={() => saved(SAVED_ADDRESS_MESSAGES.saved)}
                        onCancel={() => setEditing(null)}
                      />
                    </div>
                  </CardSection>
                ) : (
                  <AddressCard
                    address={address}
                    busy={makeDefault.isPending || remove.isPending}
                    onEdit={() => {
                      setStatus(null);
                      setEditing(address.id);
                    }}
                    onMakeDefault={() =>
                      makeDefault.mutate(address.id, {
                        onSuccess: () => saved(SAVED_ADDRESS_MESSAGES.defaultSet),
                        onError: failed,
                      })
                    }
                    onDelete={() => setDeleting(address)}
                  />
                )}
              </li>
            ))}
          </ul>
          {editing === 'new' ? (
            <CardSection id="new-address" title="New address" raised>
              <div className="mt-4">
                <AddressForm
                  initial={null}
                  label="New address"
                  submitLabel="Add address"
                  save={create.mutateAsync}
                  saving={create.isPending}
                  onSaved={() => saved(SAVED_ADDRESS_MESSAGES.saved)}
                  onCancel={() => setEditing(null)}
                />
              </div>
            </CardSection>
          ) : (
            <div>
              <Button
                variant="secondary"
                disabled={full}
                onClick={() => {
                  setStatus(null);
                  setEditing('new');
                }}
              >
                <Plus aria-hidden="true" className="size-4" />
                Add an address
              </Button>
              {full ? (
                <p className="mt-2 text-sm text-ink-muted">{SAVED_ADDRESS_MESSAGES.tooMany}</p>
              ) : null}
            </div>
          )}
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this address?"
        description={
          deleting?.is_default
            ? 'It is your default address: your newest other address becomes the default.'
            : 'It is removed from your saved addresses.'
        }
        confirmLabel="Delete address"
        busy={remove.isPending}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              saved(SAVED_ADDRESS_MESSAGES.deleted);
            },
            onError: (error) => {
              setDeleting(null);
              failed(error);
            },
          });
        }}
      />
    </div>
  );
}

/** One saved address with its actions; the default one says so. */
function AddressCard({
  address,
  busy,
  onEdit,
  onMakeDefault,
  onDelete,
}: {
  address: SavedAddress;
  busy: boolean;
  onEdit: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
}) {
  const [name, ...rest] = addressLines(address);
  return (
    <CardSection
      id={`address-${address.id}`}
      title={
        <>
          <MapPin aria-hidden="true" className="size-5 text-sage-700" />
          {name}
          {address.is_default ? (
            <span className="ml-1 rounded-full bg-forest-900 px-2.5 py-0.5 text-xs font-semibold text-cream">
              Default
            </span>
          ) : null}
        </>
      }
      headingClassName="flex flex-wrap items-center gap-2"
      raised={address.is_default}
    >
      <address className="mt-3 not-italic leading-relaxed" data-testid="saved-address">
        {rest.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </address>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </Button>
        {address.is_default ? null : (
          <Button variant="secondary" size="sm" onClick={onMakeDefault} disabled={busy}>
            <Star aria-hidden="true" className="size-4" />
            Make default
          </Button>
        )}
        <Button variant="danger" size="sm" onClick={onDelete} disabled={busy}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      </div>
    </CardSection>
  );
}
