import { highlightSegments } from '@aquamall/shared';

/** Text with the searched words marked (matching is case- and width-insensitive, like the server's). */
export function Highlight({ text, words }: { text: string; words?: readonly string[] }) {
  if (!words?.length) return <>{text}</>;
  return (
    <>
      {highlightSegments(text, words).map((s, i) =>
        s.hit ? (
          <mark key={i} className="am-hl">
            {s.text}
          </mark>
        ) : (
          <span key={i}>{s.text}</span>
        ),
      )}
    </>
  );
}
