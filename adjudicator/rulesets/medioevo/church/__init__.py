"""The Church of Medioevo Universale (seed 002 L2168-2227, the CROCIATA L1452-1526): the Pope and
the Papal State, the election, the tithe, excommunication and the Antipope, the crusades.

docs/church.md describes the package; the rulings are R305-R324 of docs/rulings.md."""
