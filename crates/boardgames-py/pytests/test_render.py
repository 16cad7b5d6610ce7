"""Both render modes: the crates' text diagrams and their SVG pictures rasterised."""

import numpy as np
import pytest

import boardgames_rs as bg
from conftest import walk


@pytest.mark.parametrize("game", [bg.TaflGame(), bg.TrictracGame(), bg.SugorokuGame()], ids=repr)
def test_diagram_and_picture(game):
    state = walk(game, seed=1, max_actions=40)[-1]
    assert isinstance(state.diagram(), str) and len(state.diagram().splitlines()) >= 3
    assert state.svg().startswith("<svg")
    image = state.render_rgb(320)
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[1:] == (320, 3)
    # A picture, not a blank: many colours, some dark.
    assert len(np.unique(image.reshape(-1, 3), axis=0)) > 20
    assert image.min() < 80


def test_bad_pictures_and_widths_are_refused():
    with pytest.raises(ValueError):
        bg.rasterise_svg("<svg", 100)
    with pytest.raises(ValueError, match="width"):
        bg.TaflGame().new_initial_state().render_rgb(0)
