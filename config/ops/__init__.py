"""What operators and their balancer use: health endpoints, metrics, structured logs."""
