"""The adapters wing: the game in the shapes other libraries expect.

What lives here: the PettingZoo environment (`env`, with the ``pettingzoo``
extra), the OpenSpiel games (`openspiel`, with the ``openspiel`` extra), the
observation tensors (`tensor`) and the per-seat returns (`returns`). Nothing
is imported here, so that ``import belote.adapters`` needs no extra.

What it may import: `belote.game`, the agents, the engine and everything
below; never the experiments, the command line or the web table.
"""
