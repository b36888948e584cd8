"""The answer every order gets: success, or failure with a typed reason."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Reason(BaseModel):
    """Why an order failed: a stable code for tools and a sentence for players."""

    model_config = ConfigDict(frozen=True)

    code: str
    message: str


class OrderResult(BaseModel):
    """The outcome of one order in one phase."""

    model_config = ConfigDict(frozen=True)

    power: str
    phase: str
    order: str
    ok: bool
    note: str = ""
    reason: Reason | None = None
    defaulted: bool = False

    @classmethod
    def success(cls, power: str, phase: str, order: str, note: str = "") -> OrderResult:
        return cls(power=power, phase=phase, order=order, ok=True, note=note)

    @classmethod
    def failure(cls, power: str, phase: str, order: str, code: str, message: str) -> OrderResult:
        return cls(power=power, phase=phase, order=order, ok=False, reason=Reason(code=code, message=message))

    def describe(self) -> str:
        if self.ok:
            return f"{self.order}: done" + (f" ({self.note})" if self.note else "")
        assert self.reason is not None
        return f"{self.order}: FAILED: {self.reason.message}"
