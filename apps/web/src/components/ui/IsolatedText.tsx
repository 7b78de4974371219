import { Fragment } from 'react';

/**
 * Runs of Latin text inside a Persian sentence: identifiers, codes, addresses, UUIDs, product
 * names («RTX 4090»), Latin words separated by single spaces taken as one run.
 */
const LATIN_RUN = /[A-Za-z0-9#/][\w.:/@#+-]*(?: [A-Za-z0-9#/][\w.:/@#+-]*)*/g;

/** A text's pieces: Persian prose as it is, each Latin run marked to be isolated left to right. */
export function latinRuns(text: string): { text: string; ltr: boolean }[] {
  const pieces: { text: string; ltr: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(LATIN_RUN)) {
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), ltr: false });
    pieces.push({ text: match[0], ltr: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), ltr: false });
  return pieces;
}

/**
 * Persian text written by the server (an audit summary, a value) whose Latin runs keep their Latin
 * digits and read left to right in their own `<bdi dir="ltr">`, so a UUID or `10.10.1.12:3389`
 * is neither reordered by the bidi algorithm nor turned into Persian digits.
 */
export function IsolatedText({ text, className = '' }: { text: string; className?: string }) {
  // Each piece is keyed by where it starts in the text: stable for the same text.
  let offset = 0;
  return (
    <span className={className}>
      {latinRuns(text).map((piece) => {
        const at = offset;
        offset += piece.text.length;
        return piece.ltr ? (
          <bdi key={at} dir="ltr">
            {piece.text}
          </bdi>
        ) : (
          <Fragment key={at}>{piece.text}</Fragment>
        );
      })}
    </span>
  );
}
