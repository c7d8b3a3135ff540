// css-shorthand-properties ships no types; only what the email engine uses.
declare module "css-shorthand-properties" {
  type Expanded = string | Expanded[];
  export function isShorthand(property: string): boolean;
  export function expand(property: string, recurse?: boolean): Expanded[];
}
