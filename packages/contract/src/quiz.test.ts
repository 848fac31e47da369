import { describe, expect, it } from 'vitest';
import { HEMP_ANSWER_KEY, scoreQuiz } from './quiz';

/** Six personas in order, as the quiz serves them; persona 6 is Hempalicious (SPEC §3). */
const personas = [
  { id: 1, title: 'Soft Start', matching_answers: ['a', 'b', 'c'] },
  { id: 2, title: 'DIY-ish', matching_answers: ['c', 'd', 'e'] },
  { id: 3, title: 'Maximalist', matching_answers: ['e', 'f'] },
  { id: 4, title: 'Chill', matching_answers: ['g'] },
  { id: 5, title: 'Overachiever', matching_answers: ['h', 'i'] },
  { id: 6, title: 'Hempalicious', matching_answers: ['j'] },
];

const winner = (answers: Record<number, string>) => scoreQuiz(personas, answers)?.title;

describe('quiz scoring (SPEC §4)', () => {
  it('gives the persona with the most matching answers', () => {
    expect(winner({ 1: 'd', 2: 'e', 3: 'a' })).toBe('DIY-ish');
    expect(winner({ 1: 'h', 2: 'i', 3: 'g' })).toBe('Overachiever');
    expect(winner({ 1: 'j' })).toBe('Hempalicious');
  });

  it('gives the first persona in order when counts tie', () => {
    // 'c' counts for 1 and 2: one each.
    expect(winner({ 1: 'c' })).toBe('Soft Start');
    // One for 3 ('f'), one for 4 ('g'): 3 comes first.
    expect(winner({ 1: 'g', 2: 'f' })).toBe('Maximalist');
    // Two each for 1 and 2, one for 3.
    expect(winner({ 1: 'a', 2: 'b', 3: 'd', 4: 'e' })).toBe('Soft Start');
    // No answer matches anybody: all tie at zero.
    expect(winner({ 1: 'zzz' })).toBe('Soft Start');
  });

  it('gives Hempalicious for any leaf answer, whatever the counts', () => {
    expect(winner({ 1: 'a', 2: 'b', 3: 'c', 4: HEMP_ANSWER_KEY })).toBe('Hempalicious');
    expect(winner({ 7: HEMP_ANSWER_KEY })).toBe('Hempalicious');
  });

  it('counts only when the hemp persona is missing, and gives nothing without personas', () => {
    const withoutHemp = personas.filter((p) => p.id !== 6);
    expect(scoreQuiz(withoutHemp, { 1: HEMP_ANSWER_KEY, 2: 'g' })?.title).toBe('Chill');
    expect(scoreQuiz([], { 1: 'a' })).toBeNull();
  });
});
