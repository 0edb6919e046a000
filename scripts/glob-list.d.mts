export function globList(text: string): string[];
