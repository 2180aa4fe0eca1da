"""The tutorial notebook runs top to bottom in a Jupyter kernel (nbclient), and its objects display
as pictures and tables (``_repr_svg_``, ``_repr_html_``)."""
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parent.parent / "docs" / "notebooks" / "tutorial.ipynb"


def test_the_tutorial_notebook_runs_and_displays_rich_outputs(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), \
        "commit the notebook without outputs"
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(tmp_path)}}).execute()
    kinds = [set(out.get("data", {})) for cell in nb.cells if cell.cell_type == "code" for out in cell.outputs]
    assert sum("image/svg+xml" in k for k in kinds) >= 2     # the board and the position
    assert sum("text/html" in k for k in kinds) >= 4         # results, the certificate, the report
    assert (tmp_path / "ttt3.json").exists()
    html = "".join(out["data"].get("text/html", "") for cell in nb.cells if cell.cell_type == "code"
                   for out in cell.outputs if "data" in out)
    assert "certified" in html and "yes (" in html and "<svg" in html
