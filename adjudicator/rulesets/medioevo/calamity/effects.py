"""The calamity modules, imported so that each registers its effect in :mod:`.registry`.

Add a module's import here when it is built; the registry imports this module on first use."""

from adjudicator.rulesets.medioevo.barbarians import invasion, pirates  # noqa: F401  (L1156-1182, L1394-1404)
from adjudicator.rulesets.medioevo.calamity import (  # noqa: F401  (each registers its effects)
    civil_war,
    conspiracy,
    earthquake,
    epidemic,
    famine,
    fire,
    heresy,
    inquisition,
    revolts,
    rivers,
    storm,
)
from adjudicator.rulesets.medioevo.church import crusade  # noqa: F401  (CROCIATA, L1452-1526)
