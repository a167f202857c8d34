"""The router of /v1: DRF's, without trailing slashes, plus singleton resources.

A viewset with `singleton = True` (ping, configuration, sections, availability) is one
object at its prefix: GET answers its `retrieve` action, with no id in the path.
"""

from rest_framework.routers import Route, SimpleRouter

SINGLETON_ROUTE = Route(
    url=r"^{prefix}{trailing_slash}$", mapping={"get": "retrieve"}, name="{basename}", detail=False, initkwargs={}
)


class ApiRouter(SimpleRouter):
    def __init__(self):
        super().__init__(trailing_slash=False)

    def get_routes(self, viewset):
        if getattr(viewset, "singleton", False):
            return [SINGLETON_ROUTE]
        return super().get_routes(viewset)
