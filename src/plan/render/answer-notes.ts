import { shownOn } from '../../model/shown-provider.js';
import type { AnswerNote, Plan } from '../types.js';
import { cell, code } from './markdown-parts.js';

/** One note as a sentence: `mail.example.com stops existing (NXDOMAIN) while example.com MX points at it`. */
export function answerNoteText(note: AnswerNote, implicit: string | undefined): string {
  const on = shownOn(note.provider, implicit);
  const what =
    note.kind === 'nxdomain'
      ? 'stops existing (NXDOMAIN)'
      : 'keeps no address (A or AAAA) for the mail it receives';
  const verb = note.pointedAtBy.length === 1 ? 'points' : 'point';
  return `${note.name}${on} ${what} while ${note.pointedAtBy.join(', ')} ${verb} at it`;
}

/** Text: `Answers that change:` and a line per note; nothing without notes. */
export function answerNoteLines(plan: Plan): string[] {
  const notes = plan.answerNotes ?? [];
  return notes.length === 0
    ? []
    : ['Answers that change:', ...notes.map((note) => `  ! ${answerNoteText(note, plan.implicitProvider)}`)];
}

/** Markdown: a section with a bullet per note; null without notes. */
export function answerNotesMarkdown(plan: Plan): string | null {
  const notes = plan.answerNotes ?? [];
  if (notes.length === 0) return null;
  const bullets = notes.map((note) => {
    const [name, ...rest] = answerNoteText(note, plan.implicitProvider).split(' ');
    return `- ${code(name ?? '', false)} ${cell(rest.join(' '))}`;
  });
  return ['### ⚠️ Answers that change', ...bullets].join('\n');
}
