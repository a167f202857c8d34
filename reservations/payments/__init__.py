"""Card guarantees' payment providers: the interface (`base`), the built-in test provider
(`test_provider`), Stripe (`stripe_provider`), the choice per restaurant (`registry`) and
provider webhooks (`webhooks`, received by `views`). See docs/design.md, "Payments"."""
