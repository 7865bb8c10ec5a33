def initials(name):
    return "".join(part[0].upper() for part in name.split() if part)


def running_total(numbers):
    total = 0
    out = []
    for n in numbers:
        total += n
        out.append(total)
    return out


def safe_divide(a, b, default=None):
    if b == 0:
        return default
    return a / b


def pairwise_max(a, b):
    return [max(x, y) for x, y in zip(a, b)]
