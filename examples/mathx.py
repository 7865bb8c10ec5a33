"""Small numeric helpers (NumPy-style docstrings)."""


def clamp(x, lo, hi):
    """Limit a number to a closed interval.

    Parameters
    ----------
    x : int or float
        The value to limit.
    lo : int or float
        The lower bound.
    hi : int or float
        The upper bound; must not be less than ``lo``.

    Returns
    -------
    int or float
        ``lo`` if ``x < lo``, ``hi`` if ``x > hi``, otherwise ``x``.

    Raises
    ------
    ValueError
        If ``lo > hi``.

    Examples
    --------
    >>> clamp(5, 0, 10)
    5
    >>> clamp(-3, 0, 10)
    0
    >>> clamp(42, 0, 10)
    10
    """
    if lo > hi:
        raise ValueError(f"empty interval: lo={lo!r} is greater than hi={hi!r}")
    return max(lo, min(x, hi))


def gcd(a: int, b: int) -> int:
    """Greatest common divisor of two integers.

    Parameters
    ----------
    a, b : int
        The integers; signs are ignored.

    Returns
    -------
    int
        The largest positive integer dividing both, or 0 when both are 0.

    Raises
    ------
    TypeError
        If either argument is not an integer.

    Examples
    --------
    >>> gcd(12, 18)
    6
    >>> gcd(-4, 6)
    2
    >>> gcd(0, 0)
    0
    """
    if not isinstance(a, int) or not isinstance(b, int):
        raise TypeError("gcd() arguments must be integers")
    while b:
        a, b = b, a % b
    return abs(a)


def is_prime(n: int) -> bool:
    """Tell whether an integer is prime.

    Parameters
    ----------
    n : int
        The number to test. Numbers below 2 are not prime.

    Returns
    -------
    bool
        True if ``n`` is prime.

    Raises
    ------
    TypeError
        If ``n`` is not an integer.

    Examples
    --------
    >>> is_prime(7)
    True
    >>> is_prime(9)
    False
    >>> is_prime(-7)
    False
    """
    if not isinstance(n, int):
        raise TypeError(f"is_prime() expects an int, not {type(n).__name__}")
    if n < 2:
        return False
    i = 2
    while i * i <= n:
        if n % i == 0:
            return False
        i += 1
    return True


def isqrt(n: int) -> int:
    """Integer square root: the largest integer whose square is at most ``n``.

    Parameters
    ----------
    n : int
        A non-negative integer.

    Returns
    -------
    int
        ``floor(sqrt(n))``, computed exactly (no floating point).

    Raises
    ------
    TypeError
        If ``n`` is not an integer.
    ValueError
        If ``n`` is negative.

    Examples
    --------
    >>> isqrt(17)
    4
    >>> isqrt(0)
    0
    """
    if not isinstance(n, int):
        raise TypeError(f"isqrt() expects an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError("isqrt() is not defined for negative numbers")
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x


def subtract(a, b):
    """Difference of two numbers.

    Parameters
    ----------
    a : int or float
        The minuend.
    b : int or float
        The subtrahend.

    Returns
    -------
    int or float
        ``a - b``.

    Examples
    --------
    >>> subtract(10, 4)
    6
    """
    return a - b


def mean(values):
    if not values:
        raise ValueError("mean() of an empty sequence")
    return sum(values) / len(values)
