"""Calendar helpers (Sphinx-style docstrings). Nothing here reads the clock."""

import datetime


def add_business_days(start: datetime.date, days: int) -> datetime.date:
    """Move a date forward (or back) by a number of business days.

    Saturdays and Sundays are skipped; holidays are not considered. Starting on
    a weekend and adding 0 days returns the start date unchanged.

    :param start: The date to start from.
    :param days: How many business days to move; negative moves backwards.
    :returns: The resulting date.
    :raises TypeError: If ``start`` is not a date or ``days`` is not an int.

    >>> add_business_days(datetime.date(2024, 1, 5), 1)
    datetime.date(2024, 1, 8)
    >>> add_business_days(datetime.date(2024, 1, 8), -1)
    datetime.date(2024, 1, 5)
    """
    if not isinstance(start, datetime.date):
        raise TypeError(f"start must be a date, not {type(start).__name__}")
    if not isinstance(days, int):
        raise TypeError(f"days must be an int, not {type(days).__name__}")
    step = 1 if days >= 0 else -1
    current = start
    remaining = abs(days)
    while remaining:
        current += datetime.timedelta(days=step)
        if current.weekday() < 5:
            remaining -= 1
    return current


def is_weekend(day: datetime.date) -> bool:
    """Tell whether a date falls on a Saturday or a Sunday.

    :param day: The date to check.
    :returns: ``True`` on Saturdays and Sundays.

    >>> is_weekend(datetime.date(2024, 1, 6))
    True
    >>> is_weekend(datetime.date(2024, 1, 8))
    False
    """
    return day.weekday() >= 5


def days_between(start: datetime.date, end: datetime.date) -> int:
    """Count the days from one date to another.

    :param start: The first date.
    :param end: The second date.
    :returns: ``end - start`` in days; negative when ``end`` is earlier.

    >>> days_between(datetime.date(2024, 1, 1), datetime.date(2024, 3, 1))
    60
    """
    return (end - start).days


def quarter(day):
    return (day.month - 1) // 3 + 1
