"""Functions that break the process re-checking them (test_recheck.py), each in its own way."""
import os
import signal
import sys
import time


def exits_below_zero(x):
    """Exits the interpreter for a negative number (as argparse does on bad input)."""
    if x < 0:
        sys.exit(2)
    return x * 2


def writes_to_stdout(x):
    """Writes past sys.stdout, to the process's own standard output."""
    os.write(1, b"not JSON\n")
    return x + 1


def dies_on_seven(x):
    """Ends its process at once for 7."""
    if x == 7:
        os._exit(3)
    return x


def hangs_on_nine(x):
    """For 9, sleeps with the alarm that would stop it blocked (a hang no signal handler ends)."""
    if x == 9:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(600)
    return x


def closes_descriptor(fd):
    """Closes the file descriptor it is given, if open (pycodestyle's input_file(3) reads and closes it)."""
    try:
        os.close(fd)
    except OSError:
        pass
    return fd
