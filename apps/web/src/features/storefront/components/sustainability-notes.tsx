import type { SustainabilityNote } from '@leafline/contract/catalog';
import Leaf from 'lucide-react/icons/leaf';
import { ExpandableEntry } from './expandable-entry';

/** The brand's sustainability notes, each one opening to its explanation. */
export function SustainabilityNotes({ notes }: { notes: readonly SustainabilityNote[] }) {
  return (
    <section
      id="sustainability"
      aria-labelledby="sustainability-heading"
      className="scroll-mt-24 rounded-card bg-sage-50 p-5 sm:p-6"
    >
      <h2
        id="sustainability-heading"
        className="flex items-center gap-2 text-2xl font-semibold sm:text-3xl"
      >
        <Leaf aria-hidden="true" className="size-6 text-sage-700" />
        Sustainability notes
      </h2>
      <div className="mt-4 flex flex-col gap-3">
        {notes.map((note) => (
          <ExpandableEntry key={note.id} title={note.title}>
            {note.explanation}
          </ExpandableEntry>
        ))}
      </div>
    </section>
  );
}
