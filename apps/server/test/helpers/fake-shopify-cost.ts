/**
 * Shopify's calculated query cost (https://shopify.dev/docs/api/usage/limits#cost-calculation):
 * a scalar costs 0, an object 1, a connection (a field with `first`/`last`) 2 plus `first` times
 * the cost of one of its nodes with everything selected in it; fragments count where they are
 * spread; a mutation's root field costs 10. Shopify refuses a query over QUERY_COST_LIMIT.
 */
export const QUERY_COST_LIMIT = 1000;

interface Selection {
  name: string;
  args: string;
  children: Selection[] | null;
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const re =
    /"(?:[^"\\]|\\.)*"|\.\.\.|[A-Za-z_][A-Za-z0-9_]*|\$[A-Za-z_][A-Za-z0-9_]*|-?\d+(?:\.\d+)?|[{}():,!=[\]@]/g;
  const clean = text.replace(/#[^\n]*/g, '');
  for (const m of clean.matchAll(re)) tokens.push(m[0]);
  return tokens;
}

/** Parses a document into its operation's selections and its fragments' selections. */
function parseDocument(query: string): {
  operation: Selection[];
  mutation: boolean;
  fragments: Map<string, Selection[]>;
} {
  const tokens = tokenize(query);
  let i = 0;
  const fragments = new Map<string, Selection[]>();
  let operation: Selection[] = [];
  let mutation = false;
  let found = false;

  const skipParens = (): string => {
    // tokens[i] === '('
    let depth = 0;
    const parts: string[] = [];
    do {
      const tk = tokens[i++]!;
      if (tk === '(') depth++;
      else if (tk === ')') depth--;
      parts.push(tk);
    } while (depth > 0 && i < tokens.length);
    return parts.join(' ');
  };
  const skipDirectives = () => {
    while (tokens[i] === '@') {
      i += 2;
      if (tokens[i] === '(') skipParens();
    }
  };
  const selectionSet = (): Selection[] => {
    // tokens[i] === '{'
    i++;
    const out: Selection[] = [];
    while (i < tokens.length && tokens[i] !== '}') {
      const tk = tokens[i]!;
      if (tk === ',') {
        i++;
        continue;
      }
      if (tk === '...') {
        i++;
        if (tokens[i] === 'on') {
          i += 2;
          skipDirectives();
          out.push({ name: '...', args: '', children: selectionSet() });
        } else if (tokens[i] === '{' || tokens[i] === '@') {
          skipDirectives();
          out.push({ name: '...', args: '', children: selectionSet() });
        } else {
          out.push({ name: `...${tokens[i++]}`, args: '', children: null });
          skipDirectives();
        }
        continue;
      }
      let name = tokens[i++]!;
      if (tokens[i] === ':') {
        i++;
        name = tokens[i++]!;
      }
      const args = tokens[i] === '(' ? skipParens() : '';
      skipDirectives();
      const children = tokens[i] === '{' ? selectionSet() : null;
      out.push({ name, args, children });
    }
    i++;
    return out;
  };

  while (i < tokens.length) {
    const tk = tokens[i]!;
    if (tk === 'fragment') {
      const name = tokens[i + 1]!;
      i += 4; // fragment Name on Type
      skipDirectives();
      fragments.set(name, selectionSet());
    } else if (tk === 'query' || tk === 'mutation' || tk === 'subscription' || tk === '{') {
      if (tk !== '{') {
        mutation = tk === 'mutation';
        i++;
        while (i < tokens.length && tokens[i] !== '{') {
          if (tokens[i] === '(') skipParens();
          else i++;
        }
      }
      const set = selectionSet();
      if (!found) {
        operation = set;
        found = true;
      }
    } else i++;
  }
  return { operation, mutation, fragments };
}

/** The number of a `first:`/`last:` argument (a literal or a variable), or undefined. */
function pageSize(args: string, variables: Record<string, unknown>): number | undefined {
  const match = /\b(first|last)\s*:\s*(\$?[A-Za-z0-9_]+)/.exec(args);
  if (!match) return undefined;
  const value = match[2]!;
  if (value.startsWith('$')) {
    const n = Number(variables[value.slice(1)]);
    return Number.isFinite(n) ? n : 0;
  }
  return Number(value) || 0;
}

/** The requested cost of a query as Shopify calculates it. */
export function queryCost(query: string, variables: Record<string, unknown> = {}): number {
  const { operation, mutation, fragments } = parseDocument(query);
  const expand = (set: Selection[], seen: Set<string>): Selection[] =>
    set.flatMap((s) => {
      if (s.name.startsWith('...') && s.name.length > 3) {
        const name = s.name.slice(3);
        const fragment = fragments.get(name);
        if (!fragment || seen.has(name)) return [];
        return expand(fragment, new Set([...seen, name]));
      }
      if (s.name === '...') return expand(s.children ?? [], seen);
      return [s];
    });
  /** What the fields of one object cost (the object itself not counted). */
  const inside = (set: Selection[]): number =>
    expand(set, new Set()).reduce((sum, s) => sum + fieldCost(s), 0);
  const fieldCost = (s: Selection): number => {
    if (!s.children) return 0;
    const first = pageSize(s.args, variables);
    if (first === undefined) return 1 + inside(s.children);
    // A connection: its nodes (through `nodes` or `edges { node }`), pageInfo in the 2.
    let node = 0;
    for (const c of expand(s.children, new Set())) {
      if (c.name === 'nodes' && c.children) node += 1 + inside(c.children);
      if (c.name === 'edges' && c.children) {
        for (const e of expand(c.children, new Set())) {
          if (e.name === 'node' && e.children) node += 1 + inside(e.children);
        }
      }
    }
    return 2 + first * node;
  };
  if (mutation)
    return expand(operation, new Set()).reduce((sum, s) => sum + 10 + inside(s.children ?? []), 0);
  return inside(operation);
}
