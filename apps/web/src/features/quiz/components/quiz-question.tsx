import type { QuizQuestion as Question } from '@leafline/contract/content';
import Check from 'lucide-react/icons/check';
import { cx } from '@/lib/cx';

export interface QuizQuestionProps {
  question: Question;
  /** 1-based, for 'Question 3 of 10'. */
  number: number;
  total: number;
  selected: string | undefined;
  onSelect: (key: string) => void;
}

/**
 * One question: its options are native radio buttons drawn as buttons, so exactly one is
 * chosen, Tab reaches the group and the arrow keys move within it (SPEC §2 Quiz).
 */
export function QuizQuestion({ question, number, total, selected, onSelect }: QuizQuestionProps) {
  const name = `quiz-question-${question.id}`;
  return (
    <fieldset className="min-w-0 rounded-card border border-sand-300 bg-white/70 p-5 shadow-soft sm:p-6">
      <legend className="float-left w-full">
        <span className="block text-sm font-semibold tracking-wide text-clay-800 uppercase">
          Question {number} of {total}
        </span>
        <span className="mt-1 block font-display text-xl leading-snug font-semibold text-forest-900 sm:text-2xl">
          {question.text}
        </span>
      </legend>
      <div className="clear-both grid gap-2.5 pt-4 sm:grid-cols-2">
        {question.options.map((option) => {
          const checked = selected === option.key;
          return (
            <label
              key={option.key}
              className={cx(
                'flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border px-4 py-2.5 text-base font-medium transition-colors',
                'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus',
                checked
                  ? 'border-forest-900 bg-forest-900 text-cream'
                  : 'border-sand-300 bg-cream text-ink hover:border-sage-400 hover:bg-sage-50',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.key}
                checked={checked}
                onChange={() => onSelect(option.key)}
                className="sr-only"
              />
              <span
                aria-hidden="true"
                className={cx(
                  'flex size-5 shrink-0 items-center justify-center rounded-full border-2',
                  checked ? 'border-cream bg-cream text-forest-900' : 'border-sage-400',
                )}
              >
                {checked ? <Check className="size-3.5" strokeWidth={3} /> : null}
              </span>
              <span className="min-w-0 break-words">{option.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
