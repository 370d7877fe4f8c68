// A gettext plural rule ("(n==1?0:(n==0||(n%100>0&&n%100<20))?1:2)", from a
// catalogue's Plural-Forms header) turned into a function of n, without eval:
// the page picks a plural form by the rule its own .po files state, never by
// the browser's locale data (which may know forms the catalogue has not).
//
// Grammar (C's, as gettext uses it): ternary ?:, ||, &&, == !=, < > <= >=,
// + -, * / %, unary ! and -, parentheses, the variable n, integers.

const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()])/y;

function tokens(text) {
  const out = [];
  TOKEN.lastIndex = 0;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    TOKEN.lastIndex = at;
    const m = TOKEN.exec(text);
    if (!m) throw new Error(`plural rule: unexpected "${text.slice(at, at + 8)}"`);
    out.push(m[1]);
    at = TOKEN.lastIndex;
  }
  return out;
}

const BINARY = [   // lowest precedence first
  ["||"], ["&&"], ["==", "!="], ["<", ">", "<=", ">="], ["+", "-"], ["*", "/", "%"],
];

function apply(op, a, b) {
  switch (op) {
    case "||": return (n) => (a(n) || b(n) ? 1 : 0);
    case "&&": return (n) => (a(n) && b(n) ? 1 : 0);
    case "==": return (n) => (a(n) === b(n) ? 1 : 0);
    case "!=": return (n) => (a(n) !== b(n) ? 1 : 0);
    case "<": return (n) => (a(n) < b(n) ? 1 : 0);
    case ">": return (n) => (a(n) > b(n) ? 1 : 0);
    case "<=": return (n) => (a(n) <= b(n) ? 1 : 0);
    case ">=": return (n) => (a(n) >= b(n) ? 1 : 0);
    case "+": return (n) => a(n) + b(n);
    case "-": return (n) => a(n) - b(n);
    case "*": return (n) => a(n) * b(n);
    case "/": return (n) => Math.trunc(a(n) / b(n));
    case "%": return (n) => a(n) % b(n);
  }
  throw new Error(`plural rule: unknown operator ${op}`);
}

/** ``rule`` (a gettext plural expression) as a function of an integer n. */
export function compilePlural(rule) {
  const toks = tokens(String(rule));
  let i = 0;
  const peek = () => toks[i];
  const take = (want) => {
    if (want !== undefined && toks[i] !== want) throw new Error(`plural rule: expected ${want} in ${rule}`);
    return toks[i++];
  };
  function ternary() {
    const cond = binary(0);
    if (peek() !== "?") return cond;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (cond(n) ? yes(n) : no(n));
  }
  function binary(level) {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const op = take();
      left = apply(op, left, binary(level + 1));
    }
    return left;
  }
  function unary() {
    const t = take();
    if (t === "!") { const a = unary(); return (n) => (a(n) ? 0 : 1); }
    if (t === "-") { const a = unary(); return (n) => -a(n); }
    if (t === "(") { const e = ternary(); take(")"); return e; }
    if (t === "n") return (n) => n;
    if (t !== undefined && /^\d+$/.test(t)) { const v = Number(t); return () => v; }
    throw new Error(`plural rule: unexpected ${t === undefined ? "end" : t} in ${rule}`);
  }
  const fn = ternary();
  if (i !== toks.length) throw new Error(`plural rule: trailing ${toks[i]} in ${rule}`);
  return (n) => Number(fn(Math.abs(Math.trunc(Number(n) || 0))));
}

/** English's rule (the source strings' own). */
export const ENGLISH = compilePlural("n != 1");
