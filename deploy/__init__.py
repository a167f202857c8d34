"""How the service is deployed: `make cluster` (deploy/cluster.py) and its proxy (deploy/haproxy.py)."""
