"""Older helpers. One docstring here has not kept up with its code."""


def top_scores(scores, k=3):
    """Return the ``k`` highest scores as a list, in ascending order.

    Args:
        scores: A list of numbers.
        k: How many scores to keep.

    Returns:
        A list of the ``k`` highest scores, lowest first.

    Examples:
        >>> top_scores([70, 95, 80, 60], 2)
        [80, 95]
        >>> top_scores([5, 1, 3])
        [1, 3, 5]
    """
    # Changed to a descending tuple for the leaderboard; the docstring was never updated.
    return tuple(sorted(scores, reverse=True)[:k])


def percent_change(old, new):
    """Relative change from ``old`` to ``new``, in percent.

    Args:
        old: The reference value; must not be zero.
        new: The new value.

    Returns:
        ``(new - old) / old * 100`` as a float.

    Raises:
        ZeroDivisionError: If ``old`` is zero.

    Examples:
        >>> percent_change(50, 75)
        50.0
        >>> percent_change(200, 150)
        -25.0
    """
    return (new - old) / old * 100
