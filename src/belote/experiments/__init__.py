"""The experiments wing: many deals played to measure something.

What lives here: [`simulate`][belote.experiments.simulate] and its statistics
(`stats`), the same decks under several variants
([`compare`][belote.experiments.compare]), what each knob changes
(`whatif`), one bot against another ([`duel`][belote.experiments.duel]), the
executors that spread the work over processes or a dask cluster
(`parallel`), and the charts (`plot`, with the ``plot`` extra).

What it may import: `belote.game`, the agents, the solver, records, the
engine and everything below; never the adapters, the command line or the
web table.
"""
