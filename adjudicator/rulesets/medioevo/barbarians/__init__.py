"""The barbarians (seed 002 L2304-2374): their sub-phase of the Events (``phase.py``), their
attacks (``targets.py``, ``battles.py``), the build-up ladder (``buildup.py``), their captains
(``captains.py``), their ships (``ships.py``), the activation when a power conquers barbarian land
(``activation.py``), and the calamities INVASIONE BARBARA and PIRATI (``invasion.py``,
``pirates.py``). docs/barbarians.md says where each rule is played and why."""
