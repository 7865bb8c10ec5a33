"""A toy bank account, to probe methods, class methods and static methods."""


class InsufficientFunds(ValueError):
    """Raised when a withdrawal is larger than the balance."""


class BankAccount:
    """An account holding a balance in whole cents.

    Args:
        balance: The opening balance in cents; must not be negative.
    """

    def __init__(self, balance: int = 0):
        if balance < 0:
            raise ValueError("opening balance cannot be negative")
        self._balance = balance
        self.history = []

    def __repr__(self):
        return f"BankAccount(balance={self._balance})"

    @property
    def balance(self) -> int:
        """The current balance in cents."""
        return self._balance

    def deposit(self, amount: int) -> int:
        """Add money to the account.

        Args:
            amount: The amount in cents; must be a positive int.

        Returns:
            The new balance.

        Raises:
            TypeError: If ``amount`` is not an int.
            ValueError: If ``amount`` is not positive.

        Examples:
            >>> BankAccount(100).deposit(50)
            150
        """
        self._check_amount(amount)
        self._balance += amount
        self.history.append(("deposit", amount))
        return self._balance

    def withdraw(self, amount: int) -> int:
        """Take money out of the account.

        Args:
            amount: The amount in cents; must be a positive int.

        Returns:
            The new balance.

        Raises:
            TypeError: If ``amount`` is not an int.
            ValueError: If ``amount`` is not positive.
            InsufficientFunds: If ``amount`` is larger than the balance.

        Examples:
            >>> BankAccount(100).withdraw(30)
            70
        """
        self._check_amount(amount)
        if amount > self._balance:
            raise InsufficientFunds(f"cannot withdraw {amount}: balance is {self._balance}")
        self._balance -= amount
        self.history.append(("withdraw", amount))
        return self._balance

    @classmethod
    def from_dollars(cls, dollars: float) -> "BankAccount":
        """Open an account with a balance given in dollars.

        Args:
            dollars: The opening balance in dollars, rounded to the cent.

        Returns:
            A new account.

        Examples:
            >>> BankAccount.from_dollars(12.5)
            BankAccount(balance=1250)
        """
        return cls(round(dollars * 100))

    @staticmethod
    def format_cents(cents: int) -> str:
        """Format an amount in cents as dollars.

        Args:
            cents: The amount in cents.

        Returns:
            A string such as ``'$1,234.50'`` or ``'-$0.05'``.

        Examples:
            >>> BankAccount.format_cents(123450)
            '$1,234.50'
            >>> BankAccount.format_cents(-5)
            '-$0.05'
        """
        sign = "-" if cents < 0 else ""
        dollars, rest = divmod(abs(cents), 100)
        return f"{sign}${dollars:,}.{rest:02d}"

    @staticmethod
    def _check_amount(amount):
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise TypeError(f"amount must be an int number of cents, not {type(amount).__name__}")
        if amount <= 0:
            raise ValueError(f"amount must be positive, got {amount}")
