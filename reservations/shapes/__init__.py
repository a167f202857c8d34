"""Wire shapes of the restaurant's objects: render functions with their JSON Schemas (config/shapes.py)."""
