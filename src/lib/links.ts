// Every address Dossier hands out, built from PUBLIC_URL in one place.
export interface Links {
  webReport(conversationId: string): string;
  pdfReport(conversationId: string): string;
  caseReport(caseId: string): string;
  download(documentId: string): string;
  dialog(conversationId: string): string;
}

export function makeLinks(publicUrl: string): Links {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    webReport: (id) => `${base}/reports/${id}`,
    pdfReport: (id) => `${base}/api/v1/conversations/${id}/report.pdf`,
    caseReport: (id) => `${base}/api/v1/cases/${id}/report.pdf`,
    download: (id) => `${base}/api/v1/documents/${id}/download`,
    dialog: (id) => `${base}/dialog?id=${id}`,
  };
}
