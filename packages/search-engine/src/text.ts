/**
 * PostgreSQL's text-search values as the search engine reads them (README.md): the
 * `tsvector` of each product (its lexemes, with positions and weights, stemmed by PostgreSQL
 * itself) and the `tsquery` of each search (as `websearch_to_tsquery` parsed it). Reading
 * PostgreSQL's own output keeps the engine's words exactly the database's: no second stemmer.
 */

/** ts_rank's default weights, indexed by PostgreSQL's weight code (D = 0 … A = 3). */
const WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;
const f = Math.fround;

/** One lexeme of a document and its share of the rank (ts_rank's `calc_rank_or` for it). */
export interface DocumentTerm {
  lexeme: string;
  score: number;
}

/**
 * The rank one lexeme of a document adds to a query that asks for it, before ts_rank divides
 * by the number of the query's lexemes: `calc_rank_or` of PostgreSQL's tsrank.c, in its float4
 * arithmetic, over the lexeme's positions in order.
 */
function termScore(weights: readonly number[]): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < weights.length; j++) {
    const w = weights[j]!;
    resj = f(resj + f(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  if (weights.length === 0) {
    // A lexeme without positions counts as one position of weight D (tsrank.c's POSNULL).
    resj = WEIGHTS[0];
    wjm = WEIGHTS[0];
  }
  return f(f(f(wjm + resj) - f(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
}

/** Reads one quoted lexeme of a tsvector or tsquery text at `i` (on its opening quote). */
function readQuoted(text: string, i: number): [string, number] {
  let out = '';
  let k = i + 1;
  while (k < text.length) {
    const c = text[k]!;
    if (c === "'") {
      if (text[k + 1] === "'") {
        out += "'";
        k += 2;
        continue;
      }
      return [out, k + 1];
    }
    if (c === '\\' && k + 1 < text.length) {
      out += text[k + 1];
      k += 2;
      continue;
    }
    out += c;
    k++;
  }
  return [out, k];
}

/** The lexemes of a tsvector's text (`'cotton':3A,7 'organ':2A`) with their scores. */
export function parseTsvector(text: string | null): DocumentTerm[] {
  const terms: DocumentTerm[] = [];
  if (!text) return terms;
  let i = 0;
  const n = text.length;
  const weights: number[] = [];
  while (i < n) {
    if (text[i] !== "'") {
      i++;
      continue;
    }
    const [lexeme, next] = readQuoted(text, i);
    i = next;
    weights.length = 0;
    if (text[i] === ':') {
      i++;
      // Positions: digits, an optional weight letter, separated by commas.
      for (;;) {
        while (i < n && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
        const letter = text[i];
        if (letter === 'A' || letter === 'B' || letter === 'C' || letter === 'D') {
          weights.push(WEIGHTS[letter === 'A' ? 3 : letter === 'B' ? 2 : letter === 'C' ? 1 : 0]);
          i++;
        } else {
          weights.push(WEIGHTS[0]);
        }
        if (text[i] === ',') {
          i++;
          continue;
        }
        break;
      }
    }
    terms.push({ lexeme, score: termScore(weights) });
  }
  return terms;
}

/**
 * A parsed tsquery. A phrase (`<->`, `<N>`) needs the words' positions, which the index does
 * not keep: the one PostgreSQL makes of a hyphenated word (`'t-shirt' <-> 't' <-> 'shirt'`)
 * becomes that word's own lexeme; any other phrase (typed in quotes) is left to the SQL search.
 */
export type QueryNode =
  | { kind: 'term'; lexeme: string }
  | { kind: 'and' | 'or'; left: QueryNode; right: QueryNode }
  | { kind: 'not'; operand: QueryNode }
  | { kind: 'phrase'; parts: QueryNode[] };

/**
 * Parses a tsquery's text as PostgreSQL prints it (`'organ' & 'cotton' | !'hemp'`,
 * `'t-shirt' <-> 't' <-> 'shirt'`, parentheses). Null for the empty query (only stop words),
 * which matches nothing, as in PostgreSQL.
 */
export function parseTsquery(text: string): QueryNode | null {
  let i = 0;
  const n = text.length;
  const skip = () => {
    while (i < n && text[i] === ' ') i++;
  };
  // Precedence as in PostgreSQL: ! binds tightest, then <->, then &, then |.
  const parseOr = (): QueryNode => {
    let left = parseAnd();
    skip();
    while (text[i] === '|') {
      i++;
      left = { kind: 'or', left, right: parseAnd() };
      skip();
    }
    return left;
  };
  const parseAnd = (): QueryNode => {
    let left = parsePhrase();
    skip();
    while (text[i] === '&') {
      i++;
      left = { kind: 'and', left, right: parsePhrase() };
      skip();
    }
    return left;
  };
  const parsePhrase = (): QueryNode => {
    const parts = [parseUnary()];
    skip();
    while (text[i] === '<') {
      const close = text.indexOf('>', i);
      i = close < 0 ? n : close + 1;
      parts.push(parseUnary());
      skip();
    }
    return parts.length === 1 ? parts[0]! : hyphenated(parts);
  };
  const parseUnary = (): QueryNode => {
    skip();
    const c = text[i];
    if (c === '!') {
      i++;
      return { kind: 'not', operand: parseUnary() };
    }
    if (c === '(') {
      i++;
      const inner = parseOr();
      skip();
      if (text[i] === ')') i++;
      return inner;
    }
    if (c === "'") {
      const [lexeme, next] = readQuoted(text, i);
      i = next;
      // Weights or a prefix mark (`:*`, `:AB`) are not produced by the searches here.
      if (text[i] === ':') {
        i++;
        while (i < n && /[*A-D]/.test(text[i]!)) i++;
      }
      return { kind: 'term', lexeme };
    }
    throw new Error(`Unexpected tsquery text at ${i}: ${text}`);
  };
  skip();
  if (i >= n) return null;
  return parseOr();
}

/**
 * `'zero-wast' <-> 'zero' <-> 'wast'`, PostgreSQL's phrase for one hyphenated word, is the
 * compound's own lexeme (a document has it exactly where it has the parts in a row); any other
 * phrase stays a phrase.
 */
function hyphenated(parts: QueryNode[]): QueryNode {
  const [first, ...rest] = parts;
  if (
    first?.kind === 'term' &&
    first.lexeme.includes('-') &&
    rest.every((p) => p.kind === 'term') &&
    first.lexeme.split('-').join(' ') ===
      rest.map((p) => (p as { lexeme: string }).lexeme).join(' ')
  ) {
    return first;
  }
  return { kind: 'phrase', parts };
}

/** True when the query has a phrase the index cannot answer (see QueryNode). */
export function hasPhrase(node: QueryNode | null): boolean {
  if (!node || node.kind === 'term') return false;
  if (node.kind === 'phrase') return true;
  if (node.kind === 'not') return hasPhrase(node.operand);
  return hasPhrase(node.left) || hasPhrase(node.right);
}

/** The distinct lexemes of a query, as ts_rank counts them (also those under a NOT). */
export function queryLexemes(node: QueryNode | null, into = new Set<string>()): Set<string> {
  if (!node) return into;
  if (node.kind === 'term') into.add(node.lexeme);
  else if (node.kind === 'not') queryLexemes(node.operand, into);
  else if (node.kind === 'phrase') for (const part of node.parts) queryLexemes(part, into);
  else {
    queryLexemes(node.left, into);
    queryLexemes(node.right, into);
  }
  return into;
}
