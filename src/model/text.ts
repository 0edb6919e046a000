/** `1 zone`, `2 zones`; `many` when the plural is not the word plus `s`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
