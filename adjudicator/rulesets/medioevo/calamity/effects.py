"""The calamity modules, imported so that each registers its effect in :mod:`.registry`.

Add a module's import here when it is built; the registry imports this module on first use."""

from adjudicator.rulesets.medioevo.church import crusade  # noqa: F401  (CROCIATA, L1452-1526)
