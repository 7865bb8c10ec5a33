"""Sequence helpers: de-duplicating, chunking, merging and flattening lists."""

from typing import Iterator, List


def dedupe(items: list) -> list:
    """Remove repeated elements, keeping the first occurrence of each.

    Args:
        items: A list of hashable elements.

    Returns:
        A new list with each element once, in order of first appearance.

    Raises:
        TypeError: If an element is not hashable.

    Examples:
        >>> dedupe([3, 1, 3, 2, 1])
        [3, 1, 2]
        >>> dedupe([])
        []
    """
    seen = set()
    out = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def chunk(items: list, size: int) -> List[list]:
    """Split a list into consecutive pieces of ``size`` elements.

    The last piece is shorter when ``len(items)`` is not a multiple of ``size``.

    Args:
        items: The list to split.
        size: The length of each piece; at least 1.

    Returns:
        A list of lists.

    Raises:
        ValueError: If ``size`` is less than 1.

    Examples:
        >>> chunk([1, 2, 3, 4, 5], 2)
        [[1, 2], [3, 4], [5]]
        >>> chunk([], 3)
        []
    """
    if size < 1:
        raise ValueError(f"chunk size must be at least 1, got {size}")
    return [items[i:i + size] for i in range(0, len(items), size)]


def merge_sorted(a: list, b: list) -> list:
    """Merge two ascending lists into one ascending list.

    Args:
        a: An ascending list.
        b: Another ascending list.

    Returns:
        A new ascending list holding the elements of both, duplicates kept.

    Examples:
        >>> merge_sorted([1, 4, 9], [2, 3, 10])
        [1, 2, 3, 4, 9, 10]
    """
    out = []
    i = j = 0
    while i < len(a) and j < len(b):
        if b[j] < a[i]:
            out.append(b[j])
            j += 1
        else:
            out.append(a[i])
            i += 1
    return out + a[i:] + b[j:]


def flatten(nested: list) -> list:
    """Flatten arbitrarily nested lists and tuples into one flat list.

    Strings are kept whole, not split into characters.

    Args:
        nested: A list whose elements may themselves be lists or tuples.

    Returns:
        A flat list of the leaves, in depth-first order.

    Examples:
        >>> flatten([1, [2, [3, 4]], (5,)])
        [1, 2, 3, 4, 5]
    """
    out = []
    for item in nested:
        if isinstance(item, (list, tuple)):
            out.extend(flatten(item))
        else:
            out.append(item)
    return out


def normalize_in_place(values: List[float]) -> None:
    """Scale a list of numbers in place so that they sum to 1.

    Args:
        values: The numbers to scale. The list itself is modified.

    Raises:
        ValueError: If the numbers sum to zero.

    Examples:
        >>> weights = [1, 1, 2]
        >>> normalize_in_place(weights)
        >>> weights
        [0.25, 0.25, 0.5]
    """
    total = sum(values)
    if total == 0:
        raise ValueError("cannot normalize values that sum to zero")
    for i, v in enumerate(values):
        values[i] = v / total


def count_up(n: int) -> Iterator[int]:
    """Yield the integers from 1 to ``n`` inclusive.

    Args:
        n: The last number; nothing is yielded when it is below 1.

    Yields:
        1, 2, ..., n.

    Examples:
        >>> list(count_up(3))
        [1, 2, 3]
    """
    i = 1
    while i <= n:
        yield i
        i += 1


def fibonacci():
    """Yield the Fibonacci numbers 0, 1, 1, 2, 3, 5, ... forever.

    Examples:
        >>> from itertools import islice
        >>> list(islice(fibonacci(), 7))
        [0, 1, 1, 2, 3, 5, 8]
    """
    a, b = 0, 1
    while True:
        yield a
        a, b = b, a + b


def rotate(items, k):
    if not items:
        return []
    k %= len(items)
    return items[k:] + items[:k]
