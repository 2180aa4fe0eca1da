"""Sieben's structure theory for the impartial hypergraph games (paper 000 §4–§6)."""
from .diagram import StructureClass, StructureDiagram, structure_diagram, type_step

__all__ = ["StructureClass", "StructureDiagram", "structure_diagram", "type_step"]
