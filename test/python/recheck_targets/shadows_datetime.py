"""A module that binds `datetime` to the class (as click.types does: `from datetime import datetime`)."""
from datetime import datetime


def year_of(day):
    """The year of a date."""
    return day.year


NOW = datetime  # the class is used here, as click.types uses it
