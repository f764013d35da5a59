"""What the UI says of a value the organisation manages: which policy decided it.

Every "Managed by your organisation" tooltip and the note that a broken policy switched every
tool off are written here once, so the tools page, a tool's settings dialog, its fields and the
tool selection say the same words. Each function translates at call time, so a widget calling
it again after ``QEvent.LanguageChange`` shows the new language.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QCoreApplication

from studio.config.organization import OrganizationPolicy

__all__ = ["broken_policy_text", "managed_by", "switched_off_by"]

# lupdate reads the context only as a literal, so each call names it: "Managed".


def managed_by(policy: str) -> str:
    """The tooltip of a managed value decided by ``policy`` (a policy label; "" when unknown)."""
    if not policy:
        return QCoreApplication.translate("Managed", "Managed by your organisation")
    return QCoreApplication.translate("Managed", "Managed by your organisation: {policy}").format(
        policy=policy
    )


def broken_policy_text(organization: OrganizationPolicy) -> str:
    """What a tool says when a policy could not be used: every tool is off until it is fixed.

    Names the policies that could not be used, where the organisation's sources list them.
    """
    broken = ", ".join(source.label for source in organization.sources if not source.in_force)
    if not broken:
        return QCoreApplication.translate(
            "Managed",
            "Managed by your organisation: a policy could not be used, so every tool is "
            "switched off until it is fixed.",
        )
    return QCoreApplication.translate(
        "Managed",
        "Managed by your organisation: {policy} could not be used, so every tool is "
        "switched off until it is fixed.",
    ).format(policy=broken)


def switched_off_by(organization: OrganizationPolicy, ids: Iterable[str]) -> str:
    """The tooltip of an entry the organisation switched off: the policy that did it.

    Args:
        organization: The policy in force.
        ids: The entry's id and its member tools' ids; the first one a policy names decides.
    """
    if organization.restricts_all_tools:
        return broken_policy_text(organization)
    origins = (organization.origin(f"disabled:{tool_id}") for tool_id in ids)
    return managed_by(next((origin for origin in origins if origin), ""))
