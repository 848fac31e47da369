import type { QuizQuestion as Question } from '@leafline/contract/content';
import { QUIZ_MESSAGES, type QuizAnswers } from '@leafline/contract/quiz';
import Sparkles from 'lucide-react/icons/sparkles';
import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { QuizProgress } from './quiz-progress';
import { QuizQuestion } from './quiz-question';

export interface QuizQuestionsProps {
  questions: readonly Question[];
  answers: QuizAnswers;
  onAnswer: (questionId: number, key: string) => void;
  /** Get My Results with at least one answer. */
  onSubmit: () => void;
  /** Shown by the button: no answer yet. */
  showNeedAnswer: boolean;
  onNeedAnswer: () => void;
}

/** The questions, a progress bar that follows the reader, and Get My Results. */
export function QuizQuestions({
  questions,
  answers,
  onAnswer,
  onSubmit,
  showNeedAnswer,
  onNeedAnswer,
}: QuizQuestionsProps) {
  const answered = questions.filter((q) => answers[q.id] !== undefined).length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (answered === 0) onNeedAnswer();
    else onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Quiz questions">
      <div className="sticky top-16 z-30 -mx-4 border-b border-sand-300/70 bg-cream/95 px-4 py-3 backdrop-blur">
        <QuizProgress answered={answered} total={questions.length} />
      </div>
      <div className="mt-6 flex flex-col gap-5">
        {questions.map((question, index) => (
          <QuizQuestion
            key={question.id}
            question={question}
            number={index + 1}
            total={questions.length}
            selected={answers[question.id]}
            onSelect={(key) => onAnswer(question.id, key)}
          />
        ))}
      </div>
      <div className="mt-8 flex flex-col items-stretch gap-4 sm:items-center">
        {showNeedAnswer && answered === 0 ? (
          <Notice tone="error" className="sm:self-stretch">
            {QUIZ_MESSAGES.needAnswer}
          </Notice>
        ) : null}
        <Button type="submit" size="lg">
          <Sparkles aria-hidden="true" className="size-5" />
          Get My Results
        </Button>
      </div>
    </form>
  );
}
