"""String helpers: slugs, palindromes and letter-rotation ciphers."""

import re
import unicodedata


def slugify(text: str) -> str:
    """Turn a title into a URL slug.

    Accents are stripped, letters are lower-cased, and every run of characters
    that are not ASCII letters or digits becomes a single hyphen. Leading and
    trailing hyphens are removed, so slugifying a slug gives the same slug.

    Args:
        text: The title to convert.

    Returns:
        The slug, possibly empty.

    Raises:
        TypeError: If ``text`` is not a string.

    Examples:
        >>> slugify("Hello, World!")
        'hello-world'
        >>> slugify("  Crème brûlée  ")
        'creme-brulee'
        >>> slugify("hello-world")
        'hello-world'
    """
    if not isinstance(text, str):
        raise TypeError(f"slugify() expects a str, not {type(text).__name__}")
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")


def is_palindrome(text: str) -> bool:
    """Tell whether a string reads the same backwards, ignoring case and punctuation.

    Only letters and digits count; an empty string is a palindrome.

    Args:
        text: The string to check.

    Returns:
        True if the letters and digits of ``text`` form a palindrome.

    Examples:
        >>> is_palindrome("A man, a plan, a canal: Panama")
        True
        >>> is_palindrome("hello")
        False
        >>> is_palindrome("")
        True
    """
    letters = [c.lower() for c in text if c.isalnum()]
    return letters == letters[::-1]


def rot13(text: str) -> str:
    """Apply the ROT13 cipher: rotate every ASCII letter 13 places.

    Case is kept and other characters pass through unchanged, so applying
    ``rot13`` twice gives back the original text.

    Args:
        text: The text to encode (or decode).

    Returns:
        The rotated text, the same length as ``text``.

    Examples:
        >>> rot13("Hello, World!")
        'Uryyb, Jbeyq!'
        >>> rot13(rot13("abc"))
        'abc'
    """
    return caesar(text, 13)


def caesar(text: str, shift: int) -> str:
    """Shift every ASCII letter ``shift`` places along the alphabet, wrapping around.

    Args:
        text: The text to encode.
        shift: How many places to shift; negative shifts go backwards.

    Returns:
        The encoded text. Non-letters are unchanged.

    Examples:
        >>> caesar("abc xyz", 3)
        'def abc'
        >>> caesar("def", -3)
        'abc'
    """
    out = []
    for ch in text:
        if "a" <= ch <= "z":
            out.append(chr((ord(ch) - ord("a") + shift) % 26 + ord("a")))
        elif "A" <= ch <= "Z":
            out.append(chr((ord(ch) - ord("A") + shift) % 26 + ord("A")))
        else:
            out.append(ch)
    return "".join(out)


def word_count(text):
    counts = {}
    for word in text.lower().split():
        word = word.strip(".,;:!?\"'()")
        if word:
            counts[word] = counts.get(word, 0) + 1
    return counts
