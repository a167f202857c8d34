"""gunicorn reads this file from the working directory (the Procfile's web process, `make run`,
the end-to-end, fuzz and bench servers); command-line flags add to it.

The request line may be as long as gunicorn allows (its default, 4094 bytes, answered an HTML 414
to a list of 100 ids, which the document allows); the document bounds every query parameter so
that no request it describes comes near this limit.
"""

limit_request_line = 8190


# What gunicorn answers itself (a request it cannot parse), in the contract's envelope rather than
# its HTML page, in each worker process (config/ops/edge.py).
def post_fork(server, worker):
    from config.ops.edge import answer_in_envelope

    answer_in_envelope()


# Metrics (config/ops/metrics.py): with METRICS_PORT set (the cluster), the master serves its
# workers' counts on loopback; a worker that exits stops counting as live.
def when_ready(server):
    from config.ops.metrics import serve_metrics

    serve_metrics()


def child_exit(server, worker):
    from config.ops.metrics import process_exited

    process_exited(worker.pid)
