/* resources.c: walks the resource table: lookups by name, fields, parameters, filters, changelog classes. */
#include "config.h"

#include <string.h>

#include "common/resources.h"

/* -------------------------------------------------------------- lookups */

/* Linear scans: the table is small and hot in cache, and a request does a
 * handful of lookups at most. */

const struct resource *res_find(const char *name)
{
	size_t i;

	if (!name)
		return NULL;
	for (i = 0; i < res_count; i++)
		if (strcmp(res_table[i].name, name) == 0)
			return &res_table[i];
	return NULL;
}

int res_field_index(const struct resource *r, const char *name)
{
	size_t i;

	if (!r || !name)
		return -1;
	for (i = 0; i < r->n_fields; i++)
		if (strcmp(r->fields[i].name, name) == 0)
			return (int)i;
	return -1;
}

const struct res_field *res_field_find(const struct resource *r, const char *name)
{
	int i = res_field_index(r, name);

	return i < 0 ? NULL : &r->fields[i];
}

const struct res_param *res_param_find(const struct resource *r, const char *name)
{
	size_t i;

	if (!r || !name)
		return NULL;
	for (i = 0; i < r->n_params; i++)
		if (strcmp(r->params[i].name, name) == 0)
			return &r->params[i];
	return NULL;
}

const struct res_filter *res_filter_find(const struct resource *r, const char *name)
{
	size_t i;

	if (!r || !name)
		return NULL;
	for (i = 0; i < r->n_filters; i++)
		if (strcmp(r->filters[i].name, name) == 0)
			return &r->filters[i];
	return NULL;
}

const struct res_special *res_special_find(const struct resource *r, const char *action)
{
	size_t i;

	if (!r || !action)
		return NULL;
	for (i = 0; i < r->n_specials; i++)
		if (strcmp(r->specials[i].action, action) == 0)
			return &r->specials[i];
	return NULL;
}

int res_is_get_param(const struct resource *r, const char *name)
{
	const char *const *a;

	if (!r || !name || !r->get_param)
		return 0;
	if (strcmp(r->get_param, name) == 0)
		return 1;
	for (a = r->get_alias; a && *a; a++)
		if (strcmp(*a, name) == 0)
			return 1;
	return 0;
}

/* ------------------------------------------------------ changelog classes */

/* The specification's classID/class table, vendor names kept neutral. */
static const struct {
	int id;
	const char *name;
} classes[] = {
	{ 1, "Employee" }, { 2, "Group" }, { 3, "Route" },
	{ 4, "Appointment" }, { 5, "Ticket" }, { 6, "PaymentProfile" },
	{ 7, "Subscription" }, { 8, "Customer" }, { 9, "Diagram" },
	{ 10, "InsectsAction" }, { 11, "ServiceTypesAction" },
	{ 12, "SprayRigsAction" }, { 13, "PreSetNotesAction" },
	{ 14, "EquipmentTypesAction" }, { 15, "AddOnsAction" },
	{ 16, "FrequencyAction" }, { 17, "GenericFlagsAction" },
	{ 18, "CancellationReasonsAction" }, { 19, "CustomerSourcesAction" },
	{ 20, "DivisionsAction" }, { 21, "Unit" }, { 22, "VoiceMessagesAction" },
	{ 23, "AccessControlProfilesAction" }, { 24, "RegionsAction" },
	{ 25, "LeadStagesAction" }, { 26, "SalesAidesAction" },
	{ 27, "ContractTemplatesAction" }, { 28, "FormTemplatesAction" },
	{ 29, "BillingLetterTemplatesAction" }, { 30, "DealsAction" },
	{ 31, "PreferencesAction" }, { 32, "OfficeInfoAction" },
	{ 33, "MerchantInfoAction" }, { 34, "CustomerCommunicationsAction" },
	{ 35, "ChemicalsAction" }, { 36, "NoteTypesAction" },
	{ 37, "DiagramMarkersAction" }, { 38, "SocialNetworkAction" },
	{ 39, "LocationAction" }, { 40, "LostReasonsAction" },
	{ 41, "NoteCategoriesAction" }, { 42, "Document" },
	{ 43, "ClockCategoriesAction" }, { 44, "ObjectionsAction" },
	{ 45, "CompetitorsAction" }, { 46, "CommissionRateAction" },
	{ 47, "CreditCardImportAction" }, { 50, "PreferencesBodyAction" },
	{ 51, "AdditionalContact" }, { 52, "EmailTemplateAction" },
	{ 53, "EmailCategoryAction" }, { 54, "TimeClockEntriesAction" },
	{ 55, "ConditionTypesAction" }, { 56, "ConditionsAction" },
	{ 57, "ConditionTemplatesAction" }, { 58, "StructureTemplatesAction" },
	{ 59, "ExceptionTypesAction" }, { 60, "StructuresAction" },
	{ 61, "Payment" }, { 62, "Task" }, { 63, "TimeClockSettingsAction" },
	{ 64, "VisualRouting" }, { 65, "TermiteReportAction" },
	{ 66, "TermiteFindingAction" }, { 67, "TermiteRecommendationAction" },
	{ 68, "TermiteAreaAction" }, { 69, "TermiteFindingTemplateAction" },
	{ 70, "TermiteRecommendationTemplateAction" },
	{ 71, "RenewalNoticeAction" }, { 72, "SubPropertyTypesAction" },
	{ 73, "GatewayAProfile" }, { 74, "GatewayBProfile" },
	{ 75, "GatewayCProfile" }, { 76, "GatewayDProfile" },
	{ 77, "GatewayEProfile" }, { 78, "Equipment" }, { 79, "GatewayFProfile" },
	{ 80, "VendorsAction" }, { 81, "SkillsAction" },
	{ 92, "CustomFieldsAction" }, { 93, "AffiliateNetworkBillingOffice" },
};

const char *res_class_name(int class_id)
{
	size_t i;

	for (i = 0; i < sizeof(classes) / sizeof(classes[0]); i++)
		if (classes[i].id == class_id)
			return classes[i].name;
	return NULL;
}
