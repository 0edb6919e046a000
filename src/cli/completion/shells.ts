/** The shells `edgeplan completion` writes a script for (the program lists them without loading the scripts). */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
