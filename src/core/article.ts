// "a" or "an" before a word, chosen by how the word is said, not by its first letter: "an int",
// "a URL", "an 'e'", "an HTTPResponse", "a uuid.UUID", "an xml.dom.minidom.Document". The one rule
// of every sentence the explorer, the docstrings and the editor's notices write.

/** Letters whose names begin with a vowel sound (eff, aitch, ell, em, en, ar, ess, ex, and the vowels but u). */
const VOWEL_SOUND_LETTERS = new Set([...'aefhilmnorsx']);

/** Words begun with a vowel letter said with a consonant ("a unit", "a user", "a one-off", "a European"). */
const CONSONANT_SOUNDED = /^(?:uni(?!n|mp)|use|usu|uti|ura|ure|url|uri|euro?|eu[a-z]|one\b|once)/i;
/** Words begun with a silent h ("an hour", "an honest"). */
const SILENT_H = /^(?:hour|honou?r|honest|heir)/i;

/** Capitals said as a word, not letter by letter ("a MIME type", "a FIFO"). */
const SAID_AS_A_WORD = /^(?:MIME|FIFO|LIFO|SOAP|SCSI|MIDI|RAM|ROM|NAT|LAN)/;
/** Lower-case names said letter by letter ("an http.client", "an xml.dom…", "an SQL"): "str" is not one. */
const LOWER_INITIALISMS = /^(?:x?html?|xml|https?|s?ftp|smtp|nntp|imap|ssl|tls|sql|csv|rfc|svg|pdf|lzma|bz2|mbcs|uuid|url|uri)(?![a-z])/;

/** Whether the word is said letter by letter: one letter (`'e'`), capitals (`URL`, `HTTPResponse`), an initialism in lower case. */
function spelledOut(word: string): boolean {
  const head = /^[A-Za-z]+/.exec(word)?.[0] ?? '';
  if (head.length === 1) return true;
  if (/^[A-Z]{2}/.test(head)) return !SAID_AS_A_WORD.test(head);
  return LOWER_INITIALISMS.test(word);
}

/** "a" or "an" for `word`, as it is said; None, a value, stays as it is. */
export function article(word: string): string {
  if (word === 'None') return word;
  // Quotes, backticks and brackets are not said: `'e'` is said as the letter e.
  const said = word.replace(/^[`'"([{<*]+/, '');
  let an: boolean;
  if (/^\d/.test(said)) an = /^(?:8|11|18)(?!\d)|^8\d/.test(said);
  else if (spelledOut(said)) an = VOWEL_SOUND_LETTERS.has(said.charAt(0).toLowerCase());
  else if (SILENT_H.test(said)) an = true;
  else an = /^[aeiou]/i.test(said) && !CONSONANT_SOUNDED.test(said);
  return `${an ? 'an' : 'a'} ${word}`;
}
