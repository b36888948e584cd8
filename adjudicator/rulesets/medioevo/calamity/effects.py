"""The calamity modules, imported so that each registers its effect in :mod:`.registry`.

Add a module's import here when it is built; the registry imports this module on first use."""

from adjudicator.rulesets.medioevo.calamity import (
    earthquake,  # noqa: F401
    epidemic,  # noqa: F401
    famine,  # noqa: F401
    fire,  # noqa: F401
    rivers,  # noqa: F401
)
from adjudicator.rulesets.medioevo.calamity import storm  # noqa: F401
