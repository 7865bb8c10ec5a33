"""A function that returns a function, for the re-check of a line that says what the returned one gave."""


def make_adder(n):
    def add(x):
        return x + n

    return add
