.PHONY: run test cluster bench client api-examples

run:  ## set up and run web, worker and scheduler with the demo restaurant
	./scripts/run.sh

test:  ## set up and run the whole test suite
	./scripts/test.sh

cluster:  ## set up and run the production topology: proxy, three web nodes, workers, primary and standby
	./scripts/cluster.sh

bench:  ## run the benchmarks (figures go to docs/performance.md by hand)
	./scripts/bench.sh

api-examples:  ## record the OpenAPI document's missing or stale examples from real responses (docs/api-examples/)
	./scripts/api_examples.sh

client:  ## regenerate the Python and TypeScript clients (clients/python, clients/typescript) from the OpenAPI document
	./scripts/client.sh
