import type { QuizPersona, QuizResponse } from '@leafline/contract/content';
import { QUIZ_MESSAGES, type QuizAnswers, scoreQuiz } from '@leafline/contract/quiz';
import { useCallback, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { LoadingRegion, Skeleton, Skeletons } from '@/components/ui/skeleton';
import { getAccessToken } from '@/lib/auth-tokens';
import { useDocumentTitle } from '@/lib/document-title';
import type { PrepareContext } from '@/lib/route-prepare';
import { quizQueryOptions, useQuiz } from '../api/get-quiz';
import { usePersonaProducts } from '../api/get-quiz-product';
import { AccountPanel } from '../components/account-panel';
import { QuizQuestions } from '../components/quiz-questions';
import { QuizResults } from '../components/quiz-results';

export const QUIZ_TITLE = 'Find your eco shopping persona';
const QUIZ_LOAD_FAILED = 'The quiz could not be loaded. Please try again.';

/** Start-up: the questions come with the page's code. */
export async function prepareQuizPage({ queryClient }: PrepareContext): Promise<void> {
  await queryClient.prefetchQuery(quizQueryOptions());
}

/** /quiz (SPEC §2 Quiz, §4 Quiz): the questions, the account panel, then the results. */
export function QuizPage() {
  useDocumentTitle('Quiz');
  const quiz = useQuiz();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:py-12">
      <div className="max-w-prose">
        <h1 className="text-3xl leading-tight font-semibold sm:text-4xl">{QUIZ_TITLE}</h1>
        <p className="mt-3 text-lg text-ink-muted">
          Ten quick questions match you with one of six shopping personas, with products from small
          sustainable brands picked for you. No account needed.
        </p>
      </div>
      <div className="mt-8">
        {quiz.isPending ? (
          <QuizSkeleton />
        ) : quiz.isError ? (
          <div className="flex flex-col items-start gap-4">
            <Notice tone="error">{QUIZ_LOAD_FAILED}</Notice>
            <Button
              variant="secondary"
              onClick={() => void quiz.refetch()}
              loading={quiz.isFetching}
            >
              Try again
            </Button>
          </div>
        ) : (
          <Quiz quiz={quiz.data} />
        )}
      </div>
    </div>
  );
}

interface PanelState {
  open: boolean;
  /** A new panel (fresh forms and messages) for each Get My Results. */
  session: number;
  loggedIn: boolean;
}

function Quiz({ quiz }: { quiz: QuizResponse }) {
  const [answers, setAnswers] = useState<QuizAnswers>({});
  const [needAnswer, setNeedAnswer] = useState(false);
  const [persona, setPersona] = useState<QuizPersona | null>(null);
  const [showResults, setShowResults] = useState(false);
  const [panel, setPanel] = useState<PanelState>({ open: false, session: 0, loggedIn: false });
  const formTop = useRef<HTMLDivElement>(null);
  // Loading starts as soon as the persona is known, while the panel is still open.
  const { products, pending } = usePersonaProducts(persona?.product_ids ?? []);

  const onAnswer = (questionId: number, key: string) => {
    setAnswers((current) => ({ ...current, [questionId]: key }));
    setNeedAnswer(false);
  };

  const onSubmit = () => {
    const scored = scoreQuiz(quiz.personas, answers);
    if (!scored) return;
    setPersona(scored);
    setPanel((current) => ({
      open: true,
      session: current.session + 1,
      loggedIn: getAccessToken() !== null,
    }));
  };

  const onShowResults = useCallback(() => {
    setPanel((current) => ({ ...current, open: false }));
    setShowResults(true);
  }, []);

  const onClosePanel = useCallback(() => {
    setPanel((current) => ({ ...current, open: false }));
  }, []);

  const onRetake = () => {
    setAnswers({});
    setPersona(null);
    setShowResults(false);
    setNeedAnswer(false);
    // The results made way for the questions: reading starts again at the top.
    requestAnimationFrame(() => formTop.current?.focus());
  };

  return (
    <>
      {/* Before the results: its closing hands focus back first, then the results take it. */}
      {persona ? (
        <AccountPanel
          key={panel.session}
          open={panel.open}
          loggedIn={panel.loggedIn}
          persona={persona}
          productsLoading={pending > 0}
          onShowResults={onShowResults}
          onClose={onClosePanel}
        />
      ) : null}
      {showResults && persona ? (
        <QuizResults persona={persona} products={products} pending={pending} onRetake={onRetake} />
      ) : (
        <div ref={formTop} tabIndex={-1} className="scroll-mt-24 outline-none">
          {quiz.personas.length === 0 ? (
            <Notice tone="error">{QUIZ_MESSAGES.personaNotFound}</Notice>
          ) : null}
          <QuizQuestions
            questions={quiz.questions}
            answers={answers}
            onAnswer={onAnswer}
            onSubmit={onSubmit}
            showNeedAnswer={needAnswer}
            onNeedAnswer={() => setNeedAnswer(true)}
          />
        </div>
      )}
    </>
  );
}

function QuizSkeleton() {
  return (
    <LoadingRegion label="Loading the quiz…" className="flex flex-col gap-5">
      <Skeleton className="h-2.5 w-full rounded-full" />
      {[0, 1].map((n) => (
        <div key={n} className="rounded-card border border-sand-300 bg-white/70 p-6">
          <Skeletons shapes={['h-4 w-28', 'mt-3 h-7 w-3/4']} />
          <div className="mt-5 grid gap-2.5 sm:grid-cols-2">
            <Skeletons shapes={Array(6).fill('h-12 rounded-2xl')} />
          </div>
        </div>
      ))}
    </LoadingRegion>
  );
}
